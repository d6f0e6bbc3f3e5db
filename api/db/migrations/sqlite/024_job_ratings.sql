-- The customer's rating of a completed visit (docs/rules/technicians.md, "Ratings"): one per booking, from
-- the link in the completion message; changed by rating again through the same link. `publish` is the
-- customer's consent to show it as a testimonial; `published_at` is the office's choice to show it.
CREATE TABLE job_ratings (
  booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  staff_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment TEXT NOT NULL DEFAULT '',
  publish INTEGER NOT NULL DEFAULT 0 CHECK (publish IN (0, 1)),
  published_at TEXT,
  rated_at TEXT NOT NULL,
  CHECK (published_at IS NULL OR publish = 1)
);
CREATE INDEX job_ratings_staff ON job_ratings (staff_id);
