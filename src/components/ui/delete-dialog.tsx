/** Deleting a row of a back-office list (a product, a user): ask first, then delete it by its id. */
import { ConfirmDialog, useConfirmAction } from './confirm-dialog'

/**
 * The row being asked about and its delete: ask(row) opens the dialog; dialog gives DeleteDialog its props,
 * the delete's pending state included.
 */
export function useDeleteConfirm<T extends { id: number }>(remove: {
  mutateAsync: (id: number) => Promise<unknown>
  isPending: boolean
}) {
  const confirm = useConfirmAction<T>()
  return {
    target: confirm.target,
    ask: confirm.ask,
    dialog: confirm.dialog((row) => remove.mutateAsync(row.id), remove.isPending),
  }
}

/** "Delete Product": the red Delete, which says Deleting... while the server works. */
export function DeleteDialog({
  title,
  message,
  ...dialog
}: ReturnType<typeof useDeleteConfirm>['dialog'] & { title: string; message: string }) {
  return (
    <ConfirmDialog
      {...dialog}
      title={title}
      message={message}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      danger
    />
  )
}
