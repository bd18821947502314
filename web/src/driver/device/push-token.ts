// Where a push of a new duty reaches this phone. A Firebase Cloud Messaging web token needs the
// operator's Firebase project's web configuration (apiKey, projectId, messagingSenderId, appId) and
// its VAPID key, which this deployment does not have yet; until it does the app registers no token
// (''), and the server sends the driver no push. To turn pushes on, answer here with
//   getToken(getMessaging(initializeApp(config)), { vapidKey, serviceWorkerRegistration })
// using the driver app's service worker registration (scope /driver/), and handle `push` there.
export async function pushToken(): Promise<string> {
  return '';
}
