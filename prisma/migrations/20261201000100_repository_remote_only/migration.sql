-- H3: a repository may be registered by its remote URL alone; Gatehouse mirrors it.
ALTER TABLE "Repository" ALTER COLUMN "path" DROP NOT NULL;
