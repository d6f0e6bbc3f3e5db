-- A treatment can be corrected after it was recorded (a completed job's report was wrong or missing a
-- product): the row holds the corrected values and who corrected it last; every correction keeps the
-- values it replaced, so the report can say what changed and the office can see who changed it.
ALTER TABLE job_treatments ADD COLUMN corrected_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE job_treatments ADD COLUMN corrected_at TEXT;

CREATE TABLE job_treatment_corrections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  treatment_id TEXT NOT NULL REFERENCES job_treatments (id) ON DELETE CASCADE,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  corrected_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The device's time of the correction (like every job update); received_at is the server's.
  corrected_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  -- JSON of the treatment before this correction; NULL when the correction added a missing treatment.
  previous TEXT
);
CREATE INDEX job_treatment_corrections_treatment ON job_treatment_corrections (treatment_id);
