import { Link } from 'react-router-dom'

export function Footer() {
  return (
    <footer className="mt-16 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">GreenShield</p>
          <p className="mt-2 text-sm text-brand-100/80">
            Pest control, fumigation and deep cleaning across Nigeria.
          </p>
        </div>
        <div>
          <p className="font-semibold">Services</p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/services#one" className="hover:underline">
                Pest control &amp; fumigation
              </Link>
            </li>
            <li>
              <Link to="/services#two" className="hover:underline">
                Upholstery &amp; deep cleaning
              </Link>
            </li>
            <li>
              <Link to="/services#three" className="hover:underline">
                Cleaning chemicals
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="font-semibold">Company</p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/about" className="hover:underline">
                About
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:underline">
                Contact
              </Link>
            </li>
            <li>
              <Link to="/sign" className="hover:underline">
                Sign Up
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-brand-900 py-4 text-center text-xs text-brand-100/70">
        © {new Date().getFullYear()} GreenShield Pest Control &amp; Cleaning
      </p>
    </footer>
  )
}
