/** /privacy: docs/product.md §11 (in Korean, privacy.ko.md), linked from the footer, the sign-in page and the sign-up form. */
import { ProductSection } from './ProductSection.tsx';
import korean from './privacy.ko.md?raw';

export default function Privacy() {
  return <ProductSection title="Privacy" korean={korean} />;
}
