import type { PricingTier, SiteLook } from './pricing-site-look.ts';

// The three pages of the invented "Quillmoss" site (a field notebook for ecology survey crews),
// drawn with a SiteLook. Every page carries its own <style>, links are root-relative, and nothing
// is fetched from anywhere, so a build works from whatever loopback origin serves it. Routes are
// folders (`pricing/index.html` answers `/pricing`), the layout the static build server resolves.

/** Relative file path → HTML, for `/`, `/pricing` and `/signup`. */
export function renderSite(look: SiteLook): Record<string, string> {
  return {
    'index.html': page(look, 'Quillmoss — field notes that survive the field', landing(look)),
    'pricing/index.html': page(look, 'Quillmoss pricing', pricing(look)),
    'signup/index.html': look.styledSignup ? page(look, 'Create your Quillmoss account', signup()) : unstyledSignup(),
  };
}

function page(look: SiteLook, title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${css(look)}</style>
</head>
<body>
${header(look)}
<main>
${main}
</main>
</body>
</html>
`;
}

function css(l: SiteLook): string {
  const s = (n: number) => `${n * l.space}px`;
  return `
*{box-sizing:border-box;margin:0}
body{font-family:${l.font};background:${l.page};color:${l.ink};line-height:1.45;min-height:100vh}
a{color:inherit}
header{display:flex;align-items:center;justify-content:space-between;padding:${s(2.5)} ${s(6)};border-bottom:1px solid ${l.line}}
.brand{display:flex;align-items:center;gap:${s(1)};font-weight:${l.headingWeight};font-size:20px;text-decoration:none}
.brand i{display:inline-block;width:22px;height:22px;border-radius:50% 50% 50% 4px;background:${l.accent}}
nav{display:flex;align-items:center;gap:${s(3)};font-size:15px}
nav a{text-decoration:none;color:${l.muted}}
nav a.cta{color:${l.accentInk};background:${l.accent};padding:${s(1)} ${s(2)};border-radius:${l.radius}px}
main{padding:${s(3)} ${s(6)}}
h1{font-size:44px;line-height:1.1;font-weight:${l.headingWeight};letter-spacing:-0.02em}
h2{font-size:28px;font-weight:${l.headingWeight};letter-spacing:-0.01em}
.lede{color:${l.muted};font-size:18px;max-width:460px}
.button{display:inline-block;text-decoration:none;border:0;font:inherit;font-weight:600;padding:${s(1.5)} ${s(3)};border-radius:${l.radius}px;background:${l.accent};color:${l.accentInk};cursor:pointer}
.button.ghost{background:transparent;color:${l.ink};box-shadow:inset 0 0 0 2px ${l.line}}
.hero{display:flex;gap:${s(5)};align-items:center;padding-top:${s(2)};${l.heroAlign === 'center' ? 'flex-direction:column;text-align:center' : ''}}
.hero-copy{flex:1;display:flex;flex-direction:column;gap:${s(3)};${l.heroAlign === 'center' ? 'align-items:center' : ''}}
.hero-actions{display:flex;gap:${s(2)}}
.hero-art{flex:none;width:320px;height:300px;border-radius:${l.radius * 2}px;background:#e3eee6;border:1px solid ${l.line};position:relative;overflow:hidden}
.hero-art .hill{position:absolute;left:-40px;right:-40px;bottom:-120px;height:260px;border-radius:50%;background:${l.accent}}
.hero-art .card{position:absolute;left:36px;top:40px;width:170px;padding:${s(1.5)};background:${l.surface};border-radius:${l.radius}px;box-shadow:0 2px 0 ${l.line};font-size:13px}
.hero-art .card b{display:block;margin-bottom:4px}
.hero-art .pin{position:absolute;right:60px;top:120px;width:26px;height:26px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#f2c14e}
.pricing-head{text-align:center;display:flex;flex-direction:column;gap:${s(0.5)};margin-bottom:${s(3)}}
.pricing-head .lede{font-size:16px}
.pricing-head .lede{margin:0 auto}
.tiers{display:flex;gap:${s(3)};justify-content:center;align-items:${l.equalCards ? 'stretch' : 'flex-start'}}
.tier{width:260px;background:${l.surface};border:1px solid ${l.line};border-radius:${l.radius}px;padding:${s(2.5)};display:flex;flex-direction:column;gap:${s(1)}}
.tier.pick{border:2px solid ${l.accent};box-shadow:0 6px 0 ${l.line}}
.tier .flag{align-self:flex-start;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:${l.accent}}
.tier h3{font-size:20px}
.price{font-size:34px;font-weight:${l.headingWeight};white-space:nowrap}
.price small{font-size:13px;font-weight:400;color:${l.muted};margin-left:6px}
.tier p{color:${l.muted};font-size:14px}
.tier ul{padding-left:18px;font-size:14px;display:flex;flex-direction:column;gap:4px;${l.equalCards ? 'flex:1' : ''}}
.tier .button{text-align:center}
.signup{display:flex;justify-content:center}
.form-card{width:440px;background:${l.surface};border:1px solid ${l.line};border-radius:${l.radius * 1.5}px;padding:${s(3)};display:flex;flex-direction:column;gap:${s(1.5)}}
.form-card h2{font-size:26px}
.form-card p{color:${l.muted};font-size:14px}
.field{display:flex;gap:${s(0.75)};${l.labelsAbove ? 'flex-direction:column' : 'align-items:center'}}
.field label{font-size:14px;font-weight:600;${l.labelsAbove ? '' : 'width:110px'}}
.field input,.field select{font:inherit;font-size:15px;padding:${s(1)};border:1px solid ${l.line};border-radius:${l.radius * 0.6}px;background:${l.page};color:${l.ink};flex:1}
.check{display:flex;gap:${s(1)};align-items:center;font-size:14px;color:${l.muted}}
.form-card .button{${l.labelsAbove ? 'width:100%' : ''}}
`;
}

function header(look: SiteLook): string {
  const links = look.showNavLinks ? '<a href="/">Product</a><a href="/pricing">Pricing</a><a href="/signup" class="cta">Sign up</a>' : '<a href="/signup" class="cta">Sign up</a>';
  return `<header><a class="brand" href="/"><i></i>Quillmoss</a><nav aria-label="Main">${links}</nav></header>`;
}

function landing(look: SiteLook): string {
  const art = look.showIllustration
    ? `<div class="hero-art" aria-hidden="true"><div class="hill"></div><div class="card"><b>Plot 14 · 07:42</b>3 × marsh orchid, soil damp, light rain</div><div class="pin"></div></div>`
    : '';
  return `<section class="hero" aria-label="Introduction">
<div class="hero-copy">
<h1>Field notes that<br>survive the field.</h1>
<p class="lede">Quillmoss keeps survey crews' observations, photos and plot maps in one notebook that works without signal and syncs when you are back in range.</p>
<div class="hero-actions"><a class="button" href="/signup">Start a notebook</a><a class="button ghost" href="/pricing">See pricing</a></div>
</div>
${art}
</section>`;
}

function pricing(look: SiteLook): string {
  const cards = look.tiers.map((tier, i) => tierCard(tier, i === look.highlightTier)).join('\n');
  return `<section aria-label="Pricing">
<div class="pricing-head"><h2>Pick a plan for your crew</h2><p class="lede">Every plan works offline. Change or cancel at any time.</p></div>
<div class="tiers">
${cards}
</div>
</section>`;
}

function tierCard(tier: PricingTier, pick: boolean): string {
  const items = tier.features.map((f) => `<li>${f}</li>`).join('');
  return `<article class="tier${pick ? ' pick' : ''}" aria-label="${tier.name}">${pick ? '<span class="flag">Most crews</span>' : ''}<h3>${tier.name}</h3><div class="price">${tier.price}<small>${tier.per}</small></div><p>${tier.blurb}</p><ul>${items}</ul><a class="button${pick ? '' : ' ghost'}" href="/signup">${tier.cta}</a></article>`;
}

function signup(): string {
  return `<section class="signup" aria-label="Sign up">
<form class="form-card" action="/signup" method="get">
<h2>Start your notebook</h2>
<p>Free for one surveyor. No card needed.</p>
<div class="field"><label for="name">Full name</label><input id="name" name="name" autocomplete="name" placeholder="Ada Fernsby"></div>
<div class="field"><label for="email">Work email</label><input id="email" name="email" type="email" autocomplete="email" placeholder="ada@survey.example"></div>
<div class="field"><label for="crew">Crew size</label><select id="crew" name="crew"><option>Just me</option><option>2–10</option><option>11–50</option></select></div>
<label class="check"><input type="checkbox" name="updates"> Send me field-season tips</label>
<button class="button" type="submit">Create account</button>
</form>
</section>`;
}

function unstyledSignup(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign up</title></head>
<body>
<h2>Sign up</h2>
<form action="/signup" method="get">
<p>Name <input name="name"></p>
<p>Email <input name="email" type="email"></p>
<p><button type="submit">Submit</button></p>
</form>
</body>
</html>
`;
}
