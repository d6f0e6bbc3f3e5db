-- A notification's link is a field the server writes (see sqlite/014_notification_links.sql).
ALTER TABLE notifications ADD COLUMN link TEXT;
ALTER TABLE notifications ADD COLUMN link_label TEXT;

UPDATE notifications
SET link = substring(body from position('staff/jobs/' in body)), link_label = 'Open the service report'
WHERE heading = 'Service Completed'
  AND body ~ 'Your service report: https?://\S+/staff/jobs/[0-9]+/report$';
