-- The words the audit log names an outage or a notice by ("Programado en Coyhaique, desde
-- 05-03-2026 09:00"), written by the code with each creation and edit (src/server/outages/manage.ts,
-- src/server/advisories/manage.ts). They hold the start in Aysén's time, which SQL does not compute
-- (src/shared/time-zone.ts), so that a publication writes its audit row from them in the statement
-- that publishes. Every draft has them; a row published before this migration may have none.
ALTER TABLE outages ADD COLUMN audit_words text;
ALTER TABLE advisories ADD COLUMN audit_words text;

-- The drafts of before: their words as the code last wrote them into the log, at their creation
-- ('borrador: ' and the words) or at their last edit (the words alone). A draft takes no other
-- change that logs them bare: its status changes only by its publication.
UPDATE outages o SET audit_words = (
  SELECT CASE l.action WHEN 'create' THEN substr(l.summary, length('borrador: ') + 1) ELSE l.summary END
  FROM audit_log l
  WHERE l.entity = 'outage' AND l.entity_id = o.id::text
    AND ((l.action = 'create' AND l.summary LIKE 'borrador: %') OR l.action = 'update')
  ORDER BY l.id DESC LIMIT 1)
WHERE o.status = 'borrador';
UPDATE advisories a SET audit_words = (
  SELECT CASE l.action WHEN 'create' THEN substr(l.summary, length('borrador: ') + 1) ELSE l.summary END
  FROM audit_log l
  WHERE l.entity = 'advisory' AND l.entity_id = a.id::text
    AND ((l.action = 'create' AND l.summary LIKE 'borrador: %') OR l.action = 'update')
  ORDER BY l.id DESC LIMIT 1)
WHERE a.status = 'borrador';
