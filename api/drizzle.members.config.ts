import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema-members.ts',
  out: './drizzle-members',
  migrations: { table: '__drizzle_migrations_members' },
});
