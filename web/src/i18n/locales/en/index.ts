/** The English catalogues, one per namespace (docs/decisions/041); English is bundled and is the fallback. */
import common from './common.ts';
import home from './home.ts';
import demo from './demo.ts';
import tech from './tech.ts';
import apiDocs from './apiDocs.ts';
import dashboard from './dashboard.ts';
import account from './account.ts';
import pages from './pages.ts';

export default { common, home, demo, tech, apiDocs, dashboard, account, pages } as const;
