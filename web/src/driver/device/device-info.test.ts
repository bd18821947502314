import { deviceFromUserAgent } from './device-info';

it('reads an Android phone’s model and version', () => {
  expect(
    deviceFromUserAgent(
      'Mozilla/5.0 (Linux; Android 13; SM-A146B Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    ),
  ).toEqual({ deviceModel: 'SM-A146B', deviceOs: 'Android 13' });
});

it('leaves the model out where Chrome’s reduced user agent hides it', () => {
  expect(
    deviceFromUserAgent(
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ),
  ).toEqual({ deviceModel: '', deviceOs: 'Android 10' });
});

it('reads an iPhone and its iOS version', () => {
  expect(
    deviceFromUserAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ),
  ).toEqual({ deviceModel: 'iPhone', deviceOs: 'iOS 17.4.1' });
});

it('names only the system of a computer', () => {
  expect(deviceFromUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0')).toEqual({
    deviceModel: '',
    deviceOs: 'Linux',
  });
});
