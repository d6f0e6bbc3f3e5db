import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react'
import { productFormBody, type Product } from '../../../../contract/catalogue.js'
import { CATEGORIES, type Category } from '../../../../contract/categories.js'
import { formatNaira } from '../../../../contract/money.js'
import { mediaUrl } from '../../../lib/api-client'
import { useUserId } from '../../../lib/session'
import { Modal } from '../../../components/ui/modal'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields, type TextKey } from '../../../components/ui/use-form-fields'
import { Field } from '../../../components/ui/field'
import { Options } from '../../../components/ui/options'
import { serverRefusal } from '../../../components/ui/server-refusal'
import { FormActions } from '../../../components/ui/form-actions'
import { fieldErrors } from '../../../lib/field-errors'
import { StockBadge } from '../components/stock-badge'
import { adminProductQuery, useAdminProducts, useDeleteProduct, useSaveProduct } from '../api'
import { filterProducts } from '../filters'
import { DeleteDialog, useDeleteConfirm } from '../../../components/ui/delete-dialog'
import { FilterBar, SearchBox, SelectFilter } from '../../../components/ui/list-filters'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { ListResults, useListFilters } from '../../../components/ui/pagination'
import { QueryGate } from '../../../components/ui/query-state'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'

const CATEGORY_OPTIONS = [
  ['all', 'All Categories'],
  ['pest-control', 'Pest Control'],
  ['cleaning', 'Cleaning'],
  ['equipment', 'Equipment'],
] as const

interface ProductFields {
  name: string
  category: Category
  description: string
  price: string
  /** The struck-through "was" price; blank = none (the server uses the price). */
  originalPrice: string
  stock: string
  /** What the label says, printed on fumigation certificates; blank = not entered. */
  activeIngredient: string
  registrationNo: string
}
const EMPTY_PRODUCT: ProductFields = {
  name: '',
  category: '',
  description: '',
  price: '',
  originalPrice: '',
  stock: '',
  activeIngredient: '',
  registrationNo: '',
}
type FieldErrors = Partial<Record<keyof ProductFields | 'image' | 'form', string>>

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_IMAGE_BYTES = 5 * 1024 * 1024
const BAD_IMAGE = 'This file is not an image we can use: choose a JPEG, PNG or WebP picture.'

/** The chosen image file with its preview URL; the URL is revoked when replaced or on unmount. */
function useImagePreview() {
  const [image, setImage] = useState<{ file: File; url: string } | null>(null)
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url)
    },
    [image],
  )
  const choose = (file: File | null) => setImage(file ? { file, url: URL.createObjectURL(file) } : null)
  return [image, choose] as const
}

function ProductForm({ editing, onDone }: { editing: Product | null; onDone: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const { form: fields, bind } = useFormFields<ProductFields>(
    editing
      ? {
          name: editing.name,
          category: editing.category,
          description: editing.description,
          price: String(editing.price),
          originalPrice: editing.originalPrice > editing.price ? String(editing.originalPrice) : '',
          stock: String(editing.stock),
          activeIngredient: editing.activeIngredient ?? '',
          registrationNo: editing.registrationNo ?? '',
        }
      : EMPTY_PRODUCT,
    (key) => setErrors(({ [key]: _gone, ...rest }) => rest),
  )
  const [image, chooseImage] = useImagePreview()
  const save = useSaveProduct()
  /** A file that is not one of our image types (or too big) is refused here, before any preview. */
  function pickImage(file: File | null) {
    setErrors(({ image: _gone, ...rest }) => rest)
    if (file && !IMAGE_TYPES.includes(file.type)) {
      chooseImage(null)
      setErrors((e) => ({ ...e, image: BAD_IMAGE }))
      return
    }
    if (file && file.size > MAX_IMAGE_BYTES) {
      chooseImage(null)
      setErrors((e) => ({ ...e, image: 'The image is too large. The limit is 5 MB.' }))
      return
    }
    chooseImage(file)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    // The server's own rules first, so mistakes show under their fields without a round trip.
    const checked = productFormBody.safeParse(fields)
    if (!checked.success) {
      const found: FieldErrors = fieldErrors(checked.error)
      setErrors((e) => ({ ...e, ...found }))
      focusFirstInvalid(e.currentTarget as HTMLFormElement)
      return
    }
    if (errors.image) {
      focusFirstInvalid(e.currentTarget as HTMLFormElement)
      return
    }
    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) {
      // A blank "was" price is left out: the server then uses the price.
      if (key === 'originalPrice' && value.trim() === '') continue
      form.append(key, value)
    }
    if (image) form.append('image', image.file)
    try {
      await save.mutateAsync({ id: editing?.id ?? null, form })
      onDone()
    } catch (err) {
      // The server's words, under the field it names when it names one (a refused image under the
      // picture); the form stays as typed.
      const { field, message } = serverRefusal(err, EMPTY_PRODUCT, 'An error occurred, try again later')
      setErrors({ [field ?? (/image/i.test(message) ? 'image' : 'form')]: message })
    }
  }

  const shownImage = image?.url ?? (editing?.image ? mediaUrl(editing.image) : null)

  /** One text value's input: its id, value, change handler and mistake all follow from its key. */
  const textField = (
    key: TextKey<ProductFields>,
    label: string,
    input?: InputHTMLAttributes<HTMLInputElement>,
  ) => <TextField id={`product-${key}`} label={label} {...input} {...bind(key)} error={errors[key]} />

  return (
    <form onSubmit={submit} className="space-y-4">
      {textField('name', 'Name')}
      <Field id="product-category" label="Category" error={errors.category}>
        <select {...bind('category')} className="field">
          <option value="">Select a category</option>
          <Options values={CATEGORIES} />
        </select>
      </Field>
      <Field id="product-description" label="Description" error={errors.description}>
        <textarea rows={3} {...bind('description')} className="field" />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        {textField('price', 'Price (₦)', { inputMode: 'decimal' })}
        {textField('originalPrice', 'Original price (₦)', { inputMode: 'decimal', placeholder: 'None' })}
        {textField('stock', 'Stock', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Original price: shown struck through beside the price when it is higher (a discount). Leave blank for
        none.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('activeIngredient', 'Active ingredient', { placeholder: 'e.g. Cypermethrin 10% EC' })}
        {textField('registrationNo', 'NAFDAC reg. no.', { placeholder: 'e.g. A5-1234' })}
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Both optional: printed, as typed here, beside the product on the fumigation certificates it is used
        for.
      </p>
      <Field id="product-image" label="Image" error={errors.image}>
        {(control) => (
          <div className="flex items-center gap-4">
            <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
              {shownImage && !errors.image ? (
                <img
                  src={shownImage}
                  alt="Preview of the product image"
                  className="size-full object-cover"
                  // The browser could not draw it (a damaged or mislabelled file): say so, no broken picture.
                  onError={() => {
                    if (image) {
                      chooseImage(null)
                      setErrors((e) => ({ ...e, image: BAD_IMAGE }))
                    }
                  }}
                />
              ) : (
                <ImageIcon className="size-8 text-slate-400" aria-hidden />
              )}
            </div>
            <input
              {...control}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => pickImage(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
          </div>
        )}
      </Field>
      <FormActions
        error={errors.form}
        errorClassName="text-sm font-medium text-red-600"
        className="flex justify-end gap-3 pt-2"
        onCancel={onDone}
        pending={save.isPending}
        submitLabel="Save Product"
        pendingLabel="Saving..."
      />
    </form>
  )
}

/** Add and edit in one modal; edit pre-fills from GET add/produts/{id}. */
function ProductDialog({ mode, onClose }: { mode: { id: number | null } | null; onClose: () => void }) {
  const editId = mode?.id ?? null
  const userId = useUserId()
  const product = useQuery({ ...adminProductQuery(userId, editId ?? 0), enabled: editId !== null })
  return (
    <Modal
      open={mode !== null}
      title={editId === null ? 'Add New Product' : 'Edit Product'}
      onClose={onClose}
    >
      {mode &&
        (editId === null ? (
          <ProductForm editing={null} onDone={onClose} />
        ) : (
          <QueryGate query={product} what="the product">
            {product.data && <ProductForm key={editId} editing={product.data} onDone={onClose} />}
          </QueryGate>
        ))}
    </Modal>
  )
}

export default function ProductsScreen() {
  const products = useAdminProducts()
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null)
  const deleting = useDeleteConfirm<Product>(useDeleteProduct())

  const { pages, searchBox, select } = useListFilters(products.data, 'all', filterProducts)

  return (
    <>
      <PageHeader
        title="Products Management"
        add={{ icon: Plus, label: 'Add New Product', onClick: () => setDialog({ id: null }) }}
      />
      <FilterBar>
        <SearchBox {...searchBox} label="Search products" />
        <SelectFilter {...select} label="Filter by category" options={CATEGORY_OPTIONS} />
      </FilterBar>
      <ListResults query={products} what="products" empty="No products found" pages={pages}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Products">
          {pages.pageItems.map((p) => (
            <li key={p.id}>
              <Card className="flex h-full flex-col overflow-hidden">
                <div className="aspect-[4/3] bg-slate-100">
                  {p.image ? (
                    <img
                      src={mediaUrl(p.image)}
                      alt={p.name}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <div className="flex size-full items-center justify-center">
                      <ImageIcon className="size-10 text-slate-300" aria-hidden />
                    </div>
                  )}
                </div>
                <div className="flex flex-1 flex-col p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="font-semibold text-slate-900">{p.name}</h2>
                    <span className="shrink-0 whitespace-nowrap">
                      <StockBadge stock={p.stock} />
                    </span>
                  </div>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600">{p.description}</p>
                  <p className="mt-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
                    {p.category || 'Uncategorised'}
                  </p>
                  <div className="mt-auto flex items-center justify-between pt-3">
                    <p className="text-lg font-bold text-brand-800">{formatNaira(p.price)}</p>
                    <div className="flex gap-1">
                      <button
                        type="button"
                        onClick={() => setDialog({ id: p.id })}
                        aria-label={`Edit ${p.name}`}
                        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-800"
                      >
                        <Pencil className="size-5" aria-hidden />
                      </button>
                      <button
                        type="button"
                        onClick={() => deleting.ask(p)}
                        aria-label={`Delete ${p.name}`}
                        className="rounded-lg p-2 text-red-600 hover:bg-red-50"
                      >
                        <Trash2 className="size-5" aria-hidden />
                      </button>
                    </div>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </ListResults>

      <ProductDialog mode={dialog} onClose={() => setDialog(null)} />
      <DeleteDialog
        {...deleting.dialog}
        title="Delete Product"
        message="Are you sure you want to delete this product"
      />
    </>
  )
}
