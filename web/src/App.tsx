/** Routes of docs/product.md §2.2; every page is loaded on demand so the home page stays small. */
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { Footer } from './components/Footer.tsx';
import { Nav } from './components/Nav.tsx';
import { StepUpDialog } from './components/StepUpDialog.tsx';
import Home from './pages/Home.tsx';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const Demo = page(() => import('./pages/Demo.tsx'));
const Tech = page(() => import('./pages/Tech.tsx'));
const ApiDocs = page(() => import('./pages/ApiDocs.tsx'));
const Login = page(() => import('./pages/Login.tsx'));
const History = page(() => import('./pages/History.tsx'));
const TestPlans = page(() => import('./pages/TestPlans.tsx'));
const Dashboard = page(() => import('./pages/dashboard/DashboardPage.tsx'));
const OldDashboard = page(() => import('./pages/dashboard/legacy/OldDashboard.tsx'));
const inspector = (variant: 'DirectInspector' | 'SimpleInspector' | 'ForceInspector') =>
  page(() => import('./pages/dashboard/inspector/KeyInspectorPage.tsx').then((m) => ({ default: m[variant] })));
const DirectInspector = inspector('DirectInspector');
const SimpleInspector = inspector('SimpleInspector');
const ForceInspector = inspector('ForceInspector');
const Contact = page(() => import('./pages/Contact.tsx'));
const ResetPassword = page(() => import('./pages/ResetPassword.tsx'));
const Privacy = page(() => import('./pages/policies/Privacy.tsx'));
const Terms = page(() => import('./pages/policies/Terms.tsx'));
const PaymentReturn = page(() => import('./pages/payment/PaymentReturn.tsx'));
const NotFound = page(() => import('./pages/NotFound.tsx'));

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="container section row" style={{ justifyContent: 'center' }}>
      <div className="spinner" aria-label={t('loading')} />
    </div>
  );
}

export function App() {
  const { t } = useTranslation();
  return (
    <>
      {/* The first Tab stop: straight past the navigation to the page (WCAG 2.4.1). */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <Nav />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={Home} />
            <Route path="/demo" component={Demo} />
            <Route path="/tech" component={Tech} />
            <Route path="/api-docs" component={ApiDocs} />
            <Route path="/login" component={Login} />
            <Route path="/reset-password" component={ResetPassword} />
            <Route path="/history" component={History} />
            <Route path="/test" component={TestPlans} />
            <Route path="/dashboard" component={Dashboard} />
            <Route path="/dashboard-old" component={OldDashboard} />
            <Route path="/dashboard-direct" component={DirectInspector} />
            <Route path="/dashboard-simple" component={SimpleInspector} />
            <Route path="/dashboard-force" component={ForceInspector} />
            <Route path="/contact" component={Contact} />
            <Route path="/privacy" component={Privacy} />
            <Route path="/terms" component={Terms} />
            <Route path="/payment/return" component={PaymentReturn} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </main>
      <Footer />
      <StepUpDialog />
    </>
  );
}
