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
WITH RECURSIVE saved AS (
  SELECT u.id AS user_id, max(p.id) AS payment_id,
    json_extract(p.delivery, '$.address') AS address,
    coalesce(json_extract(p.delivery, '$.landmark'), '') AS landmark,
    json_extract(p.delivery, '$.city') AS city,
    json_extract(p.delivery, '$.state') AS state
  FROM users u JOIN payments p ON p.user_id = u.id
  WHERE p.delivery IS NOT NULL AND json_valid(p.delivery)
    AND u.location = (CASE WHEN coalesce(json_extract(p.delivery, '$.landmark'), '') <> ''
        THEN json_extract(p.delivery, '$.address') || ' (' || json_extract(p.delivery, '$.landmark') || ')'
        ELSE json_extract(p.delivery, '$.address') END)
      || ', ' || json_extract(p.delivery, '$.city') || ', ' || json_extract(p.delivery, '$.state')
  GROUP BY u.id
),
trimmed (user_id, address, landmark, city, state) AS (
  SELECT user_id, address, landmark, city, state FROM saved
  UNION ALL
  SELECT user_id, substr(address, 1, length(address) - length(', ' || city || ', ' || state)), landmark, city, state
  FROM trimmed
  WHERE length(address) > length(', ' || city || ', ' || state)
    AND substr(address, -length(', ' || city || ', ' || state)) = ', ' || city || ', ' || state
),
parts AS (
  SELECT user_id, address, landmark, city, state FROM trimmed t
  WHERE length(address) = (SELECT min(length(address)) FROM trimmed t2 WHERE t2.user_id = t.user_id)
)
UPDATE users SET location = parts.address, landmark = parts.landmark, city = parts.city, state = parts.state
FROM parts WHERE users.id = parts.user_id;
