import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema-operations.ts',
  out: './drizzle-operations',
  migrations: { table: '__drizzle_migrations_operations' },
});
