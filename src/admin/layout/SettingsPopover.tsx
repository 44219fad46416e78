import { useSettings } from '../settings/SettingsProvider.tsx';
import { themes, type Theme } from '../settings/settings.ts';
import { useDisclosure } from './use-disclosure.ts';

/** Spec §2: the settings popover, where the theme is chosen. */
export function SettingsPopover() {
  const { settings, setTheme } = useSettings();
  const disclosure = useDisclosure();
  return (
    <div className="popover" {...disclosure.containerProps}>
      <button className="topbar__button" {...disclosure.buttonProps}>
        <span aria-hidden="true" className="topbar__icon">
          ⚙
        </span>
        <span className="topbar__label">Configuración</span>
      </button>
      <div className="popover__panel" {...disclosure.panelProps}>
        <fieldset className="theme-choice">
          <legend>Tema</legend>
          {(Object.keys(themes) as Theme[]).map((theme) => (
            <label key={theme} className="checkbox">
              <input
                type="radio"
                name="theme"
                value={theme}
                checked={settings.theme === theme}
                onChange={() => setTheme(theme)}
              />
              {themes[theme]}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
