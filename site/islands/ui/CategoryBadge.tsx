/** A category pill in the category's own colours; unknown categories get the neutral slate style. */
import { categoryStyle } from 'content-schema/categories';

export default function CategoryBadge({ category, className = '' }: { category: string; className?: string }) {
  const style = categoryStyle(category);
  return (
    <span className={`badge ${className}`} style={{ backgroundColor: style.background, color: style.foreground }}>
      {category}
    </span>
  );
}
