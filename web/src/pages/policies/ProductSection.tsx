/**
 * A section of docs/product.md as the site shows it (Privacy, docs/product.md §11; Terms of
 * service, docs/product.md §12), read from the document at build time so that the page and the
 * document cannot differ. In Korean, the section's translation beside the page, Markdown of the
 * same shape (docs/decisions/041; policies.test.ts keeps the two alike).
 */
import { useTranslation } from 'react-i18next';
import product from '../../../../docs/product.md?raw';
import { currentLanguage } from '../../i18n/index.ts';
import { blocksOf, sectionOf, type Inline } from './markdown.ts';

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) => (p.kind === 'bold' ? <strong key={i}>{p.text}</strong> : p.kind === 'code' ? <code key={i}>{p.text}</code> : p.text))}
    </>
  );
}

/** `title`: the words of the section's `## ` heading, as sectionOf finds it; `korean`: its translation. */
export function ProductSection({ title, korean }: { title: string; korean: string }) {
  useTranslation(); // renders again when the language changes
  const blocks = blocksOf(currentLanguage() === 'ko' ? korean : sectionOf(product, title));
  return (
    <article className="container section policy-page">
      {blocks.map((block, i) => {
        if (block.kind === 'heading') return block.level === 1 ? <h1 key={i}>{block.text}</h1> : <h2 key={i}>{block.text}</h2>;
        if (block.kind === 'paragraph') {
          return (
            <p key={i}>
              <Inlines parts={block.inlines} />
            </p>
          );
        }
        return (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Inlines parts={item} />
              </li>
            ))}
          </ul>
        );
      })}
    </article>
  );
}
