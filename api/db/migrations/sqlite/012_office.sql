-- A booking the office must act on: the technician marked the job "Unable to complete" and this is
-- their reason. NULL = nothing waits on the admin. Reassigning, rescheduling or cancelling clears it.
ALTER TABLE bookings ADD COLUMN unable_reason TEXT;
