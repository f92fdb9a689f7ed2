/** Placeholder until this screen is built. */
export default function ResetPasswordPage() {
  return <section className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-semibold">Reset password</h1></section>;
}
