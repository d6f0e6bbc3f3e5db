-- The profile keeps a delivery address in parts, as checkout asks for it: `location` is the street
-- address alone, beside the landmark, city and state. Checkout used to save the parts joined into one
-- line ("12 Awolowo Rd (opposite the bank), Ikeja, Lagos") and the next checkout put that whole line in
-- its Address box, so each save added ", Ikeja, Lagos" again.
ALTER TABLE users ADD COLUMN landmark TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN state TEXT NOT NULL DEFAULT '';

-- A line saved that way is split again from the payment it was saved with (the latest whose delivery
-- reads exactly as the profile's line), and the repeated ", city, state" tails are taken off its address.
-- Any other location (typed in the settings) stays as the address, whole.
WITH RECURSIVE deliveries AS (
  SELECT p.id, p.user_id,
    p.delivery::jsonb ->> 'address' AS address,
    coalesce(p.delivery::jsonb ->> 'landmark', '') AS landmark,
    p.delivery::jsonb ->> 'city' AS city,
    p.delivery::jsonb ->> 'state' AS state
  FROM payments p
  WHERE p.delivery IS NOT NULL AND p.delivery LIKE '{%'
),
saved AS (
  SELECT DISTINCT ON (u.id) u.id AS user_id, d.address, d.landmark, d.city, d.state
  FROM users u JOIN deliveries d ON d.user_id = u.id
  WHERE u.location = (CASE WHEN d.landmark <> '' THEN d.address || ' (' || d.landmark || ')' ELSE d.address END)
    || ', ' || d.city || ', ' || d.state
  ORDER BY u.id, d.id DESC
),
trimmed (user_id, address, landmark, city, state) AS (
  SELECT user_id, address, landmark, city, state FROM saved
  UNION ALL
  SELECT user_id, left(address, length(address) - length(', ' || city || ', ' || state)), landmark, city, state
  FROM trimmed
  WHERE length(address) > length(', ' || city || ', ' || state)
    AND right(address, length(', ' || city || ', ' || state)) = ', ' || city || ', ' || state
),
parts AS (
  SELECT DISTINCT ON (user_id) user_id, address, landmark, city, state FROM trimmed
  ORDER BY user_id, length(address)
)
UPDATE users SET location = parts.address, landmark = parts.landmark, city = parts.city, state = parts.state
FROM parts WHERE users.id = parts.user_id;
