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
import { enMobile } from './en-mobile';
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
      breadcrumb: 'Breadcrumb',
      /** Page names in the breadcrumb that no menu entry or page title already names. */
      crumbs: {
        new_assessment: 'New Assessment',
        assessment: 'Assessment',
        approved_child: 'Edit Approved Child',
        summary: 'CANS Summary',
        history: 'History',
        as_of: 'As of a date',
        compare: 'Compare',
        one_child_one_cans: 'One Child One CANS',
        many_children_one_cans: 'Many Children One CANS',
        one_child_many_cans: 'One Child Many CANS',
        many_children_many_cans: 'Many Children Many CANS',
        library: 'Library',
        question_library: 'Question Library',
        question_rules: 'Question Rules',
        rule_evaluator: 'Try the rules',
      },
    },
    /** PDFs the server prepares in its worker pool (PdfDownloadButton). */
    download: {
      preparing: 'Preparing the PDF…',
      failed: 'The PDF could not be prepared. Please try again.',
    },
    administration: enAdministration,
    assessments: enAssessments,
    dashboard: enDashboard,
    data_feed: enDataFeed,
    analytics: enAnalytics,
    identity: enIdentity,
    library: enLibrary,
    mobile: enMobile,
    reports: enReports,
  },
};
