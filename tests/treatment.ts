/** A technician's usual treatment as the job sheet records it (without its id and time), for API and screen tests. */
export const SPRAY_TREATMENT = {
  product_name: 'Cypermethrin 10% EC',
  quantity: 250,
  unit: 'ml',
  target_pest: 'Cockroaches',
  area: 'Kitchen',
  method: 'Spray',
}
