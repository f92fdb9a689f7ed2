/** Placeholder until this screen is built. */
export default function CourseTemplatesPage() {
  return <section className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-semibold">Course templates</h1></section>;
}
