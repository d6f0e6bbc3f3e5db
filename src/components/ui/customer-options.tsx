/**
 * A customer select's options (a plan's, a blank invoice's): first the empty choice, which says so while the
 * list loads, then each account by name with its username, as two customers can share a name.
 */
export function CustomerOptions({
  customers,
  pending,
  choose,
}: {
  customers: readonly { id: number; full_name: string; username: string }[] | undefined
  pending: boolean
  /** The empty choice's words: "Choose a customer". */
  choose: string
}) {
  return (
    <>
      <option value="">{pending ? 'Loading customers…' : choose}</option>
      {customers?.map((u) => (
        <option key={u.id} value={u.id}>
          {u.full_name || u.username} ({u.username})
        </option>
      ))}
    </>
  )
}
