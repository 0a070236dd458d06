/* English strings of the web app as the mobile app (frontend/src/mobile/): the home page's dialog, updates. */
export const enMobile = {
  open_dialog: 'CANS on your phone',
  title: 'CANS on your phone',
  intro:
    'CANS works on phones and tablets as an app: the same sign-in, the same assessments. Install it from the browser; nothing but the app itself is kept on the device.',
  scan: 'Scan with the phone’s camera to open CANS',
  qr_alt: 'QR code of %{address}',
  address: 'Or type this address:',
  install_here: 'Install CANS on this device',
  installed: 'CANS was installed.',
  android_title: 'Android (Chrome)',
  android_steps: 'Open the address in Chrome|Tap the menu ⋮ at the top right|Tap Install app (or Add to Home screen), then Install',
  ios_title: 'iPhone and iPad (Safari)',
  ios_steps: 'Open the address in Safari|Tap Share (the square with an arrow)|Tap Add to Home Screen, then Add',
  close: 'Close',
  update_waiting: 'A new version of CANS is ready.',
  reload: 'Reload',
};
