import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './boundaries.ts';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});
const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);

tester.run('boundaries', plugin.rules.boundaries, {
  valid: [
    { filename: at('site/lib/feeds.ts'), code: "import { PostSchema } from 'content-schema/post';" },
    { filename: at('admin/src/features/editor/editor-page.tsx'), code: "import { cn } from '../../lib/cn.ts';" },
    { filename: at('admin/src/features/editor/editor-page.tsx'), code: "import { x } from './post-form-values.ts';" },
    { filename: at('api/src/routes/posts.ts'), code: "import { AppError } from '../lib/errors.ts';" },
    { filename: at('api/src/server.ts'), code: "import { createApp } from './app.ts';" },
    { filename: at('content-schema/src/post.ts'), code: "import { CATEGORIES } from './categories.ts';" },
    { filename: at('bench/api-load.ts'), code: "import { openDb } from '../api/src/db/client.ts';" },
    {
      filename: at('site/directives/interaction.test.ts'),
      code: "import { x } from '../../scripts/site-inline-scripts.ts';",
    },
    {
      filename: at('admin/src/features/editor/post-editor.tsx'),
      code: "import { SharePreviewPanel } from '../preview/index.ts';",
    },
  ],
  invalid: [
    {
      filename: at('admin/src/features/posts/post-card.tsx'),
      code: "import { toPost } from '../../../../api/src/services/posts.ts';",
      errors: [{ messageId: 'crossPackage' }],
    },
    {
      filename: at('site/lib/feeds.ts'),
      code: "import { x } from '../../admin/src/lib/cn.ts';",
      errors: [{ messageId: 'crossPackage' }],
    },
    {
      filename: at('site/lib/feeds.ts'),
      code: "import { x } from 'api/src/app.ts';",
      errors: [{ messageId: 'crossPackage' }],
    },
    {
      filename: at('api/src/routes/posts.ts'),
      code: "import { PostSchema } from '../../../content-schema/src/post.ts';",
      errors: [{ messageId: 'relativeSchema' }],
    },
    {
      filename: at('content-schema/src/post.ts'),
      code: "import { x } from '../../api/src/env.ts';",
      errors: [{ messageId: 'schemaDepends' }],
    },
    {
      filename: at('content-schema/src/post.ts'),
      code: "import { x } from 'site/lib/feeds.ts';",
      errors: [{ messageId: 'schemaDepends' }],
    },
    {
      filename: at('content-schema/src/post.ts'),
      code: "import { x } from '../../scripts/site-inline-scripts.ts';",
      errors: [{ messageId: 'schemaDepends' }],
    },
    {
      filename: at('admin/src/features/posts/post-card.tsx'),
      code: "import { x } from '../editor/post-form-values.ts';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('admin/src/features/posts/post-card.tsx'),
      code: "export { x } from '../editor/post-form-values.ts';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('admin/src/features/posts/post-card.tsx'),
      code: "const m = import('../editor/editor-page.tsx');",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('api/src/routes/posts.ts'),
      code: "import type { AppEnv } from '../app.ts';",
      errors: [{ messageId: 'routeImportsApp' }],
    },
  ],
});
