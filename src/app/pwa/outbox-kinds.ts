/**
 * Every feature's outbox kinds, registered together: for the outbox panel, which lists any queued entry
 * (a message queued on the contact page shows on /book too), and for the answers the service worker
 * confirmed, applied by whichever page is open. Each feature describes its kinds in its own offline module.
 */
import '../../features/bookings/offline'
import '../../features/shop/offline'
import '../../features/staff/offline'
import '../../components/contact-form-kind'
