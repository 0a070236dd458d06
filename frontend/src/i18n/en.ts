/*
 * The English UI strings: react-admin's own (ra.*) plus ours under cans.<feature>.<key>. Labels, titles and helper
 * texts only: validation and refusal messages come from the server's answers.
 */
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { enAdministration } from './en-administration';
import { enAssessments } from './en-assessments';
import { enDashboard } from './en-dashboard';
import { enDataFeed } from './en-data-feed';
import { enAnalytics } from './en-analytics';
import { enIdentity } from './en-identity';
import { enLibrary } from './en-library';
import { enReports } from './en-reports';

export const en: TranslationMessages = {
  ...englishMessages,
  cans: {
    layout: {
      account_menu: 'Account menu',
      account_menu_of: '%{name}, account menu',
      my_account: 'My Account',
      logout: 'Logout',
      main_menu: 'Main menu',
      home: 'Home',
      about: 'About',
    },
    administration: enAdministration,
    assessments: enAssessments,
    dashboard: enDashboard,
    data_feed: enDataFeed,
    analytics: enAnalytics,
    identity: enIdentity,
    library: enLibrary,
    reports: enReports,
  },
};
