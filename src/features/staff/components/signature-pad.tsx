import { useEffect, useRef, useState } from 'react'

/**
 * A signature drawn with a finger or a mouse (pointer events), given back as a PNG data URL.
 * The canvas keeps a fixed pixel size, so the PNG stays small whatever the screen.
 */
export function SignaturePad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)
  const [empty, setEmpty] = useState(true)

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    context.lineWidth = 2.5
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = '#0f172a'
  }, [])

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    return {
      x: ((e.clientX - box.left) / box.width) * e.currentTarget.width,
      y: ((e.clientY - box.top) / box.height) * e.currentTarget.height,
    }
  }

  const start = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const context = e.currentTarget.getContext('2d')
    if (!context) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drawing.current = true
    const { x, y } = point(e)
    context.beginPath()
    context.moveTo(x, y)
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1)
    context.stroke()
  }
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const context = e.currentTarget.getContext('2d')
    if (!context) return
    const { x, y } = point(e)
    context.lineTo(x, y)
    context.stroke()
  }
  const end = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    drawing.current = false
    setEmpty(false)
    onChange(e.currentTarget.toDataURL('image/png'))
  }
  const clear = () => {
    const c = canvas.current
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height)
    setEmpty(true)
    onChange(null)
  }

  return (
    <div>
      <canvas
        ref={canvas}
        width={600}
        height={220}
        aria-label="Signature pad: the customer signs here with a finger"
        role="img"
        className="block h-40 w-full touch-none rounded-xl border-2 border-dashed border-slate-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="mt-1 flex items-center justify-between text-xs text-slate-500">
        <span>{empty ? 'Sign above' : 'Signed'}</span>
        <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={clear}>
          Clear
        </button>
      </div>
    </div>
  )
}
