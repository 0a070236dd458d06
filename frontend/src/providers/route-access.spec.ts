/**
 * The breadcrumb's trail from the route table (spec 002 §2 "The breadcrumb shows route titles"): Home, the pages
 * above with this page's parameters, the page itself; none for a path without a title; every parent a titled route.
 */
import { describe, expect, it } from '@jest/globals';
import { breadcrumbOf, ROUTES } from './route-access';

describe('breadcrumbOf', () => {
  it('leads from Home through the pages above, filling their parameters from the page', () => {
    expect(breadcrumbOf('/assessment/history/abc-1/compare')).toEqual([
      { title: 'cans.layout.home', path: '/' },
      { title: 'cans.assessments.list.title', path: '/assessment/list' },
      { title: 'cans.layout.crumbs.history', path: '/assessment/history/abc-1' },
      { title: 'cans.layout.crumbs.compare', path: '/assessment/history/abc-1/compare' },
    ]);
    expect(breadcrumbOf('/library/questionRulesEdit/7').map((crumb) => crumb.path)).toEqual([
      '/',
      '/library',
      '/library/questionRules',
      '/library/questionRulesEdit/7',
    ]);
    expect(breadcrumbOf('/users/42/show').map((crumb) => crumb.title)).toEqual([
      'cans.layout.home',
      'cans.identity.menu.users',
      'ra.action.show',
    ]);
  });

  it('is Home alone on the home page and empty where a path has no title (redirects, unknown paths)', () => {
    expect(breadcrumbOf('/home')).toEqual([{ title: 'cans.layout.home', path: '/home' }]);
    expect(breadcrumbOf('/')).toEqual([]);
    expect(breadcrumbOf('/assessment/redirect')).toEqual([]);
    expect(breadcrumbOf('/no/such/page')).toEqual([]);
  });

  it('names a parent only by a titled route of the table', () => {
    const titled = new Set(ROUTES.filter((route) => route.title).map((route) => route.path));
    const broken = ROUTES.filter((route) => route.parent && !titled.has(route.parent)).map((route) => route.path);
    expect(broken).toEqual([]);
    const untitledWithParent = ROUTES.filter((route) => route.parent && !route.title).map((route) => route.path);
    expect(untitledWithParent).toEqual([]);
  });
});
