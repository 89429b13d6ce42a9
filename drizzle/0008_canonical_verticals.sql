-- One list of verticals everywhere: the listings' "Auto" is the publishers' "Automotive". Every stored
-- vertical and list of verticals is rewritten; each statement touches only rows still holding "Auto", so
-- running it again changes nothing. A list that held both keeps one "Automotive", in the first one's place.
UPDATE "buyer_listings" SET "vertical" = 'Automotive' WHERE "vertical" = 'Auto';--> statement-breakpoint
UPDATE "publisher_profiles" SET "verticals" = ARRAY(
  SELECT "u"."name" FROM (
    SELECT CASE WHEN "e"."name" = 'Auto' THEN 'Automotive' ELSE "e"."name" END AS "name", "e"."pos"
      FROM unnest("publisher_profiles"."verticals") WITH ORDINALITY AS "e"("name", "pos")
  ) AS "u" GROUP BY "u"."name" ORDER BY min("u"."pos")
) WHERE 'Auto' = ANY("verticals");--> statement-breakpoint
UPDATE "buyer_profiles" SET "verticals" = ARRAY(
  SELECT "u"."name" FROM (
    SELECT CASE WHEN "e"."name" = 'Auto' THEN 'Automotive' ELSE "e"."name" END AS "name", "e"."pos"
      FROM unnest("buyer_profiles"."verticals") WITH ORDINALITY AS "e"("name", "pos")
  ) AS "u" GROUP BY "u"."name" ORDER BY min("u"."pos")
) WHERE 'Auto' = ANY("verticals");--> statement-breakpoint
UPDATE "notification_preferences" SET "verticals" = ARRAY(
  SELECT "u"."name" FROM (
    SELECT CASE WHEN "e"."name" = 'Auto' THEN 'Automotive' ELSE "e"."name" END AS "name", "e"."pos"
      FROM unnest("notification_preferences"."verticals") WITH ORDINALITY AS "e"("name", "pos")
  ) AS "u" GROUP BY "u"."name" ORDER BY min("u"."pos")
) WHERE 'Auto' = ANY("verticals");--> statement-breakpoint
-- A saved search keeps its filters twice: the vertical column and the /browse query that keys it
-- (unique per user). An "Auto" search whose rewritten query another search of the user already has
-- would break that key: it is the same search, so it goes.
DELETE FROM "saved_searches" AS "s"
 WHERE "s"."vertical" = 'Auto'
   AND EXISTS (
     SELECT 1 FROM "saved_searches" AS "t"
      WHERE "t"."user_id" = "s"."user_id" AND "t"."id" <> "s"."id"
        AND "t"."filters_key" = regexp_replace("s"."filters_key", '(^|&)vertical=Auto(&|$)', '\1vertical=Automotive\2')
   );--> statement-breakpoint
UPDATE "saved_searches"
   SET "vertical" = 'Automotive',
       "filters_key" = regexp_replace("filters_key", '(^|&)vertical=Auto(&|$)', '\1vertical=Automotive\2')
 WHERE "vertical" = 'Auto';
