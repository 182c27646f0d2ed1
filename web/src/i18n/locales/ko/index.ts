/** The Korean catalogues, loaded when Korean is chosen (docs/decisions/041). */
import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/index.ts';
import common from './common.ts';
import home from './home.ts';
import demo from './demo.ts';
import tech from './tech.ts';
import apiDocs from './apiDocs.ts';
import dashboard from './dashboard.ts';
import account from './account.ts';
import pages from './pages.ts';

export default { common, home, demo, tech, apiDocs, dashboard, account, pages } satisfies Catalogue<typeof en>;
