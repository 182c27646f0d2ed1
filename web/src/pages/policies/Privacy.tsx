/** /privacy: docs/product.md §11, linked from the footer, the sign-in page and the sign-up form. */
import { ProductSection } from './ProductSection.tsx';

export default function Privacy() {
  return <ProductSection title="Privacy" />;
}
