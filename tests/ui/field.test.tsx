// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { z } from 'zod'
import { Field } from '../../src/components/ui/field'
import { fieldErrors } from '../../src/lib/field-errors'

describe('Field', () => {
  it('names its control by the visible label and describes it by the hint', () => {
    render(
      <Field label="Landmark (optional)" hint="e.g. opposite the First Bank">
        <input className="field" />
      </Field>,
    )
    const input = screen.getByLabelText('Landmark (optional)')
    expect(input).toHaveAccessibleDescription('e.g. opposite the First Bank')
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('marks the control invalid and reads the error before the hint', () => {
    render(
      <Field id="phone" label="Phone number" hint="A Nigerian mobile number" error="Phone is required">
        <select aria-describedby="other">
          <option>one</option>
        </select>
      </Field>,
    )
    const select = screen.getByRole('combobox', { name: 'Phone number' })
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAttribute('aria-describedby', 'phone-error phone-hint other')
    expect(screen.getByText('Phone is required')).toHaveAttribute('id', 'phone-error')
  })

  it('hands its ids to a control nested in other markup', () => {
    render(
      <Field label="Image" error="Too large">
        {(control) => (
          <div>
            <textarea {...control} />
          </div>
        )}
      </Field>,
    )
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveAccessibleDescription('Too large')
  })
})

describe('fieldErrors', () => {
  it('keeps the first message per field and leaves out whole-body issues', () => {
    const schema = z
      .object({ name: z.string().min(1, 'Name is required').min(3, 'Too short'), age: z.number('Age?') })
      .refine(() => false, 'Nothing works')
    const parsed = schema.safeParse({ name: '', age: 'x' })
    expect(parsed.success).toBe(false)
    expect(fieldErrors(parsed.error!)).toEqual({ name: 'Name is required', age: 'Age?' })
  })
})
