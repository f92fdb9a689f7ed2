/** Placeholder until this screen is built. */
export default function AdminUsersPage() {
  return <section className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-semibold">Users</h1></section>;
}
