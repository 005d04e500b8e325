-- H4: an agent whose base URL is not the server's configured endpoint brings its own key.
ALTER TABLE "Agent" ADD COLUMN "apiKey" TEXT;
