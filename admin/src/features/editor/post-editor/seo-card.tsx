import { useWatch } from 'react-hook-form';
import { META_DESCRIPTION } from 'content-schema/seo-form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { lengthHint } from '../../../lib/length-hint.ts';
import type { EditorForm } from '../post-form-values.ts';

const SEO_TITLE_MAX = 60;
/** The analyser's recommended title length (kept here: its module would bring the markdown renderer along). */
const SEO_TITLE_RECOMMENDED = { min: 50, max: 60 };

/** The post's SEO fields, with the length counters the search results care about. */
export function SeoCard({ form }: { form: EditorForm }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const [seoTitle = '', metaDescription = ''] = useWatch({ control, name: ['seoTitle', 'metaDescription'] });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          SEO
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormField
          id="post-seo-title"
          label="SEO Title"
          hint={lengthHint(seoTitle.length, SEO_TITLE_MAX, SEO_TITLE_RECOMMENDED)}
          error={errors.seoTitle?.message}
        >
          <Input {...register('seoTitle')} />
        </FormField>
        <FormField
          id="post-meta-description"
          label="Meta Description"
          hint={lengthHint(metaDescription.length, META_DESCRIPTION.valid.max, META_DESCRIPTION.valid)}
          error={errors.metaDescription?.message}
        >
          <Textarea rows={3} {...register('metaDescription')} />
        </FormField>
        <FormField id="post-focus-keyword" label="Focus Keyword" error={errors.focusKeyword?.message}>
          <Input {...register('focusKeyword')} />
        </FormField>
        <FormField
          id="post-slug"
          label="URL Slug"
          hint="Leave empty to derive it from the title."
          error={errors.slug?.message}
        >
          <Input spellCheck={false} {...register('slug')} />
        </FormField>
      </CardContent>
    </Card>
  );
}
