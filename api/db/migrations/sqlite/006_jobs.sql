-- Field technicians (docs/rules/technicians.md): a job is a booking assigned to a staff user.
-- Device time (occurred_at / taken_at) and server time (received_at) are both kept on every record.

-- One row per booking that was ever assigned; staff_id NULL = unassigned (the booking stays Confirmed).
CREATE TABLE jobs (
  booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The current assignment: events, treatments and photos of an earlier one stay in history.
  assignment_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'assigned'
    CHECK (status IN ('assigned', 'on_my_way', 'arrived', 'started', 'paused', 'completed', 'unable')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX jobs_staff ON jobs (staff_id);

-- Every (re)assignment: tells "never yours" (403) from "no longer yours" (409 reassigned).
CREATE TABLE job_assignments (
  id INTEGER PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  assigned_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  assigned_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX job_assignments_booking ON job_assignments (booking_id, staff_id);

CREATE TABLE job_events (
  id INTEGER PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  assignment_id INTEGER NOT NULL REFERENCES job_assignments (id),
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  type TEXT NOT NULL
    CHECK (type IN ('on_my_way', 'arrived', 'started', 'paused', 'resumed', 'unable', 'completed')),
  note TEXT NOT NULL DEFAULT '',
  lat REAL,
  lng REAL,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX job_events_booking ON job_events (booking_id, assignment_id);

-- id is the client's UUID, so a replayed treatment is recognised and not recorded twice.
CREATE TABLE job_treatments (
  id TEXT PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  assignment_id INTEGER NOT NULL REFERENCES job_assignments (id),
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  product_id INTEGER REFERENCES products (id) ON DELETE SET NULL,
  product_name TEXT NOT NULL,
  quantity REAL NOT NULL CHECK (quantity > 0),
  unit TEXT NOT NULL,
  target_pest TEXT NOT NULL,
  area TEXT NOT NULL,
  method TEXT NOT NULL DEFAULT '',
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX job_treatments_booking ON job_treatments (booking_id, assignment_id);

-- Photos are private files under MEDIA_DIR/jobs, served only through staff/jobs/{id}/photos/{photoId}.
CREATE TABLE job_photos (
  id TEXT PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  assignment_id INTEGER NOT NULL REFERENCES job_assignments (id),
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('before', 'after', 'issue')),
  file TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  taken_at TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX job_photos_booking ON job_photos (booking_id, assignment_id);

-- The completion report; one per booking (a completed job is final).
CREATE TABLE job_reports (
  booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  assignment_id INTEGER NOT NULL REFERENCES job_assignments (id),
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  certificate_no TEXT NOT NULL UNIQUE,
  summary TEXT NOT NULL,
  recommendations TEXT NOT NULL DEFAULT '',
  signer_name TEXT NOT NULL,
  signature TEXT,
  signature_refused_reason TEXT,
  payment_amount_kobo INTEGER CHECK (payment_amount_kobo IS NULL OR payment_amount_kobo >= 0),
  payment_method TEXT CHECK (payment_method IS NULL OR payment_method IN ('cash', 'transfer', 'pos')),
  payment_reference TEXT NOT NULL DEFAULT '',
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
