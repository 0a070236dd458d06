/** UI strings of the administration settings (cans.administration.*). */
export const enAdministration = {
  menu: {
    agencies: 'Agencies',
    notification: 'Notification',
    app_version: 'App Version',
  },
  app_version: {
    title: 'App Version',
    version: 'Version',
    hint: 'Shown on the About page and in the profile menu.',
    menu_label: 'Version %{version}',
  },
  help: {
    open: 'Help',
    title: 'Help',
    content: 'Help for this page',
  },
  notification: {
    title: 'Notification',
    content: 'Content',
    hint: 'Signed-in users see it once per session, in the System Notification dialog of the home page. Leave it empty for none.',
  },
  agencies: {
    title: 'Agency Management',
    add: 'Add',
    add_title: 'Add Agency',
    edit_title: 'Edit Agency',
    saved: 'The agency was saved successfully.',
    deleted: 'Deleted successfully!',
    delete_title: 'Warning',
    delete_confirm: 'Delete the agency "%{name}"?',
    fields: {
      name: 'Name',
      display_name: 'Display Name',
    },
    required: {
      name: 'Agency name is required.',
      display_name: 'Agency display name is required.',
    },
    too_long: {
      name: 'Agency name can be at most 1000 characters.',
      display_name: 'Agency display name can be at most 1000 characters.',
    },
  },
};
