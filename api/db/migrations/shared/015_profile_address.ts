import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'

/**
 * The profile keeps a delivery address in parts, as checkout asks for it: `location` is the street
 * address alone, beside the landmark, city and state. Checkout used to save the parts joined into one
 * line ("12 Awolowo Rd (opposite the bank), Ikeja, Lagos") and the next checkout put that whole line in
 * its Address box, so each save added ", Ikeja, Lagos" again.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  for (const column of ['landmark', 'city', 'state'])
    await db.schema
      .alterTable('users')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute()

  // A line saved that way is split again from the payment it was saved with (the latest whose delivery
  // reads exactly as the profile's line), and the repeated ", city, state" tails are taken off its
  // address. Any other location (typed in the settings) stays as the address, whole. Each engine reads
  // the delivery's JSON and picks "the latest" in its own words.
  const split =
    engine === 'sqlite'
      ? sql`
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
      FROM parts WHERE users.id = parts.user_id`
      : sql`
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
      FROM parts WHERE users.id = parts.user_id`
  await split.execute(db)
}
