-- G8, X1: a room stores the mode it is in as one record. `mode` is the built-in the mode is or
-- extends; "modeDeclaration" is null for a built-in mode, else a copy of the declaration the room
-- runs under ({ "v": 1, "declaration": … }). The room's profile is compiled from that record
-- alone, never looked up in the workspace's policy with a fallback to the built-in, so editing,
-- disabling or removing a declared mode changes a room only through the one mode transition.
ALTER TABLE "Room" ADD COLUMN "modeDeclaration" JSONB;

-- Rooms whose declared mode is still declared, enabled and extends the room's built-in keep
-- exactly the profile they ran under: its declaration, copied from the workspace's policy.
UPDATE "Room" AS r
SET "modeDeclaration" = jsonb_build_object('v', 1, 'declaration', found.declaration)
FROM (
  SELECT DISTINCT ON (room."id") room."id", m.value AS declaration
  FROM "Room" AS room
  JOIN "Workspace" AS w ON w."id" = room."workspaceId"
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(w."modePolicy" -> 'modes') = 'array' THEN w."modePolicy" -> 'modes' ELSE '[]'::jsonb END
  ) AS m(value)
  WHERE room."declaredMode" IS NOT NULL
    AND m.value ->> 'id' = room."declaredMode"
    AND m.value -> 'disabled' IS DISTINCT FROM 'true'::jsonb
    AND m.value ->> 'extends' = room."mode"::text
  ORDER BY room."id"
) AS found
WHERE r."id" = found."id";

-- A room whose declared mode had been removed, disabled or re-based before this migration ran
-- as the wider built-in in its `mode` column (G8 forbids that). It gets the narrowest mode
-- instead — read-only worktree, read tier, no grants beyond the pinned tools — under its old
-- id, until a person picks a mode for it.
UPDATE "Room"
SET "modeDeclaration" = jsonb_build_object('v', 1, 'declaration', jsonb_build_object(
  'id', "declaredMode",
  'label', 'Mode removed',
  'description', 'This room''s declared mode was removed or changed; it stays read-only until a person picks a mode.',
  'extends', "mode"::text,
  'readOnly', true,
  'maxTier', 'read',
  'tools', '[]'::jsonb
))
WHERE "declaredMode" IS NOT NULL AND "modeDeclaration" IS NULL AND "mode" <> 'review';

ALTER TABLE "Room" DROP COLUMN "declaredMode";

-- One record: a declaration always extends the built-in in `mode` (lib/modes/room-mode.ts writes both).
ALTER TABLE "Room" ADD CONSTRAINT "Room_modeDeclaration_extends_mode"
  CHECK ("modeDeclaration" IS NULL OR "modeDeclaration" -> 'declaration' ->> 'extends' = "mode"::text);

-- G8: an approval to switch a room names the version of the mode it allows; a later policy edit
-- cannot make it approve something else.
ALTER TABLE "Approval" ADD COLUMN "targetVersion" TEXT;

-- X1: a run shows the mode it ran in by that mode's own name, icon and accent.
ALTER TABLE "Run" ADD COLUMN "modeView" JSONB;
