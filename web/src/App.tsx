/** Routes of docs/product.md §2.2; every page is loaded on demand so the home page stays small. */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Footer } from './components/Footer.tsx';
import { Nav } from './components/Nav.tsx';
import Home from './pages/Home.tsx';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const Demo = page(() => import('./pages/Demo.tsx'));
const Tech = page(() => import('./pages/Tech.tsx'));
const ApiDocs = page(() => import('./pages/ApiDocs.tsx'));
const Login = page(() => import('./pages/Login.tsx'));
const History = page(() => import('./pages/History.tsx'));
const TestPlans = page(() => import('./pages/TestPlans.tsx'));
const Dashboard = page(() => import('./pages/Dashboard.tsx'));
const Contact = page(() => import('./pages/Contact.tsx'));
const NotFound = page(() => import('./pages/NotFound.tsx'));

function Loading() {
  return (
    <div className="container section row" style={{ justifyContent: 'center' }}>
      <div className="spinner" aria-label="Loading" />
    </div>
  );
}

export function App() {
  return (
    <>
      <Nav />
      <main>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={Home} />
            <Route path="/demo" component={Demo} />
            <Route path="/tech" component={Tech} />
            <Route path="/api-docs" component={ApiDocs} />
            <Route path="/login" component={Login} />
            <Route path="/history" component={History} />
            <Route path="/test" component={TestPlans} />
            <Route path="/dashboard" component={Dashboard} />
            <Route path="/dashboard-old" component={Dashboard} />
            <Route path="/dashboard-direct" component={Dashboard} />
            <Route path="/dashboard-simple" component={Dashboard} />
            <Route path="/dashboard-force" component={Dashboard} />
            <Route path="/contact" component={Contact} />
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
