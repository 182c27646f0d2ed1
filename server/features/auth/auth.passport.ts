/**
 * passport for this app (its own instance, so several apps can live in one process in tests):
 * email + password through passport-local, Google through passport-google-oauth20 when configured.
 * The session stores only the user id; the user is re-read on each request, so a deleted account
 * is logged out at once.
 */
import { Passport } from 'passport';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../../config.ts';
import { cookieValue, DEVICE_COOKIE } from '../../security/device-cookie.ts';
import type { AuthService } from './auth.service.ts';

export function createPassport(auth: AuthService, config: Config): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', passReqToCallback: true }, (req, email, password, done) => {
      auth.checkPassword(email, password, { ip: req.ip ?? '', deviceCookie: cookieValue(req.headers.cookie, DEVICE_COOKIE) }).then(
        (user) => done(null, user ?? false),
        (error: unknown) => done(error),
      );
    }),
  );
  if (config.google) {
    passport.use(
      new GoogleStrategy(
        // PKCE (S256) on top of the state check: a code intercepted on its way back cannot be redeemed.
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: config.google.callbackUrl,
          state: true,
          pkce: true,
          passReqToCallback: true,
        },
        (req, _accessToken, _refreshToken, profile, done) => {
          const email = profile.emails?.find((e) => (e as { verified?: boolean | string }).verified !== false)?.value;
          if (!email) return done(null, false);
          const google = { id: profile.id, email, firstName: profile.name?.givenName, lastName: profile.name?.familyName, photo: profile.photos?.[0]?.value };
          // Signed in already: this is "link Google" from the dashboard, for this account.
          (req.user ? auth.linkGoogle(req.user.id, google) : auth.signInWithGoogle(google)).then(
            (user) => done(null, user),
            (error: unknown) => done(error as Error),
          );
        },
      ),
    );
  }
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: string, done) => {
    auth.findById(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  });
  return passport;
}
