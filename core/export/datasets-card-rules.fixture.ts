/** A `configs` entry of a card's YAML header, as far as the default rule reads it. */
export interface CardConfig {
  config_name: string;
  default?: unknown;
}

/**
 * The config `load_dataset(folder)` loads when given no name, by the rule of the `datasets`
 * library (MetadataConfigs.get_default_config_name in src/datasets/utils/metadata.py, read at
 * commit b7cb10b, 2026-07-31): the only config, one named "default", or one with a truthy
 * `default`. Two such configs are an error there ("Dataset has several default configs"), and
 * with none `load_dataset` asks for a config name.
 */
export function datasetsDefaultConfig(configs: readonly CardConfig[]): string | undefined {
  let found: string | undefined;
  for (const config of configs) {
    if (configs.length === 1 || config.config_name === 'default' || config.default) {
      if (found !== undefined) throw new Error(`Dataset has several default configs: '${found}' and '${config.config_name}'.`);
      found = config.config_name;
    }
  }
  return found;
}
