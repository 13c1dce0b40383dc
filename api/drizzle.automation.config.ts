import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema-automation.ts',
  out: './drizzle-automation',
  migrations: { table: '__drizzle_migrations_automation' },
});
