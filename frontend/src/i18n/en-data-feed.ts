/** UI strings of the data feed (spec 002 §2 "Data Feed (monthly download)", §8). */
export const enDataFeed = {
  menu: 'Data Feed',
  title: 'Data Feed',
  intro:
    'Choose a year, then a month: the approved assessments whose date of assessment falls in that month download as a zip of CSV files with a data dictionary.',
  year: 'Year',
  months_of: 'Months of %{year}',
  download: 'Download',
  not_available: 'Not available yet',
  download_month: 'Download %{month} %{year}',
  month_closed: '%{month} %{year}: not available until the month has ended',
  // Spec 002 §8 export_assessment_zero.
  no_data: 'There are no assessments to export.',
  downloading: 'Downloading %{smart_count} approved assessment. |||| Downloading %{smart_count} approved assessments.',
  /** Data Feed (manual XML upload), /xmlbyhandtosftp. */
  xml: {
    title: 'Data Feed (XML upload)',
    intro:
      'Submit uploads the XML file of the approved assessments whose date of assessment is in the range to the SFTP server now. Update Date makes the end date the date the daily feed starts from (it covers that date plus one year).',
    daily_range: 'The daily feed covers %{from} to %{to}.',
    no_date: 'No date is set for the daily feed yet: choose an end date and Update Date.',
    no_server: 'No SFTP server is saved yet.',
    start: 'Start date',
    end: 'End date',
    submit: 'Submit',
    update_date: 'Update Date',
    // Spec 002 §8 'Please select Date Range.'
    range_required: 'Please select Date Range.',
    end_required: 'Please select the end date.',
    super_admin_only: 'Only the super admin can upload the XML data feed.',
  },
};
