/** Frequently asked questions (the accordion on the services page). */

export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'Are your treatments safe for children and pets?',
    answer:
      'Yes. We use eco-friendly, NAFDAC-registered products and tell you how long to keep children and pets out of treated rooms, usually two to four hours.',
  },
  {
    question: 'How soon will my booking be confirmed?',
    answer:
      'Bookings are confirmed within 24 hours, by phone or WhatsApp on the number you give us. For emergencies we respond within 2 to 4 hours.',
  },
  {
    question: 'Do I need to leave the house during fumigation?',
    answer:
      'For a full fumigation, yes, for about four hours. For targeted treatments such as cockroach gel baiting, you can stay at home.',
  },
  {
    question: 'How long does upholstery take to dry?',
    answer:
      'Most sofas and rugs are dry in four to six hours thanks to our low-moisture extraction method. Good ventilation speeds it up.',
  },
  {
    question: 'Which areas do you cover?',
    answer:
      'Lagos, Abuja, Port Harcourt and Ibadan, and nearby towns on request. Cleaning chemicals are delivered nationwide.',
  },
  {
    question: 'How do I pay?',
    answer:
      'Online by card or bank transfer through our secure payment page, or on completion for service visits. Prices are in naira.',
  },
]
