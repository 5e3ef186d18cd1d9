import { FEATURES_OFF, parseAdminFeatures } from '../api/configs';
import { composeMenu } from '../remotes/menu';
import { formPreviewUrl } from './formPreview';
import { storedLanguage, translateMenu } from './language';

describe('Admin/Features', () => {
  it('reads the two switches', () => {
    expect(parseAdminFeatures({ MultiLingual: true, ApplicationFormPreview: false })).toEqual({
      MultiLingual: true,
      ApplicationFormPreview: false,
    });
  });
  it('turns on only what is exactly true: a wrong shape or no answer shows less, never more', () => {
    expect(parseAdminFeatures({ MultiLingual: 'true', ApplicationFormPreview: 1 })).toEqual(FEATURES_OFF);
    expect(parseAdminFeatures(null)).toEqual(FEATURES_OFF);
    expect(parseAdminFeatures([true, true])).toEqual(FEATURES_OFF);
    expect(parseAdminFeatures({ ApplicationFormPreview: true })).toEqual({
      MultiLingual: false,
      ApplicationFormPreview: true,
    });
  });
});

describe('form preview address', () => {
  it("is the customer-flow remote's own origin, at the portal entry, naming the product", () => {
    expect(formPreviewUrl('http://127.0.0.1:3003/mf-manifest.json', 'PL')).toBe(
      'http://127.0.0.1:3003/newapplication?product=PL',
    );
  });
  it('encodes the product code', () => {
    expect(formPreviewUrl('http://127.0.0.1:3003/mf-manifest.json', 'A&B')).toBe(
      'http://127.0.0.1:3003/newapplication?product=A%26B',
    );
  });
});

describe('back-office language', () => {
  it('reads the stored choice; anything unknown is English', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(storedLanguage(storage('hi'))).toBe('hi');
    expect(storedLanguage(storage('fr'))).toBe('en');
    expect(storedLanguage(storage(null))).toBe('en');
  });
  it('translates menu labels where a translation exists, groups and children too', () => {
    const menu = composeMenu(
      {
        remotes: [
          {
            name: 'mfe_x',
            entry: 'http://127.0.0.1:3009/mf-manifest.json',
            version: '1.0.0',
            displayName: 'X',
            requiredRoles: [],
            menu: [{ id: 'mine', label: 'Mine', path: 'x/mine', module: './App', order: 10, group: 'Applications' }],
          },
        ],
      },
      [],
      FEATURES_OFF,
    );
    const translated = translateMenu(menu, { Applications: 'आवेदन', Mine: 'मेरे', Profile: 'प्रोफ़ाइल', Settings: '' });
    expect(
      translated.map((i) => (i.kind === 'group' ? `${i.label}[${i.children.map((c) => c.label)}]` : i.label)),
    ).toEqual(['आवेदन[मेरे]', 'प्रोफ़ाइल', 'Settings', 'Logoff']);
    // Paths and ids stay: routes do not depend on the language.
    expect(translated.map((i) => i.id)).toEqual(menu.map((i) => i.id));
  });
});
