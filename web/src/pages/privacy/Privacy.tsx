/** /privacy: docs/product.md §11 as the site shows it, read from the document at build time so the two cannot differ. */
import product from '../../../../docs/product.md?raw';
import { blocksOf, sectionOf, type Inline } from './markdown.ts';

const BLOCKS = blocksOf(sectionOf(product, 'Privacy'));

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) => (p.kind === 'bold' ? <strong key={i}>{p.text}</strong> : p.kind === 'code' ? <code key={i}>{p.text}</code> : p.text))}
    </>
  );
}

export default function Privacy() {
  return (
    <article className="container section privacy-page">
      {BLOCKS.map((block, i) => {
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
