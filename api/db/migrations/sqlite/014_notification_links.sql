-- A notification's link is a field the server writes (a path: under the API base, or an app route from
-- "/"), never found in its text: the app turned any ".../staff/jobs/N/report" in a body into a link, so a
-- customer could put a phishing link in the admins' notifications through a booking's location.
ALTER TABLE notifications ADD COLUMN link TEXT;
ALTER TABLE notifications ADD COLUMN link_label TEXT;

-- The report links already sent, read from the server's own wording of "Service Completed" (its body has
-- no customer text: service and date only), so older notifications keep their link.
UPDATE notifications
SET link = substr(body, instr(body, 'staff/jobs/')), link_label = 'Open the service report'
WHERE heading = 'Service Completed'
  AND body GLOB '*Your service report: http*://*/staff/jobs/[0-9]*/report';
