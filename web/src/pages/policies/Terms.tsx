/** /terms: docs/product.md §12, linked from the footer, the sign-in page and the sign-up form. */
import { ProductSection } from './ProductSection.tsx';

export default function Terms() {
  return <ProductSection title="Terms of service" />;
}
