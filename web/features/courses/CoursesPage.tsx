/** Placeholder until this screen is built. */
export default function CoursesPage() {
  return <section className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-semibold">Courses</h1></section>;
}
