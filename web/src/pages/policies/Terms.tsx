/** /terms: docs/product.md §12 (in Korean, terms.ko.md), linked from the footer, the sign-in page and the sign-up form. */
import { ProductSection } from './ProductSection.tsx';
import korean from './terms.ko.md?raw';

export default function Terms() {
  return <ProductSection title="Terms of service" korean={korean} />;
}
