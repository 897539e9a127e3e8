# Reference values for test/derive/stats.test.js and verdict.test.js, computed with
# SciPy and NumPy (pip install scipy in a throwaway venv): python3 reference-values.py
import numpy as np
from scipy import stats, special
print("t.ppf")
for p, df in [(0.975,1),(0.975,2),(0.975,4),(0.975,12),(0.975,2.5),(0.999,3),(0.6,30),(0.975,1000)]:
    print(p, df, repr(float(stats.t.ppf(p, df))))
print("t.cdf")
for t, df in [(2.0,5),(-1.3,2.7),(0.1,1),(8.0,4),(-3.5,12)]:
    print(t, df, repr(float(stats.t.cdf(t, df))))
print("norm.ppf")
for p in [0.975,0.8,0.5+1e-3,1e-10,0.999999]:
    print(p, repr(float(stats.norm.ppf(p))))
print("bh adjusted", stats.false_discovery_control([0.01,0.04,0.03,0.2,0.004,0.012], method='bh'))

a1=[100.0,102.0,98.0]; b1=[110.0,111.0,109.5]
a2=[190.0,195.0,192.0]; b2=[191.0,193.0,196.0]
groups=[a1,b1,a2,b2]
L=[np.log(g) for g in groups]
ss=sum(((l-l.mean())**2).sum() for l in L); df=sum(len(l)-1 for l in L)
s2=ss/df
print("pooled var", repr(s2), df)
tc=stats.t.ppf(0.975, df)
up=np.log1p(0.02); down=np.log1p(-0.02)
def cell(lb, ls, s2, df):
    d=ls.mean()-lb.mean(); se=np.sqrt(s2*(1/len(ls)+1/len(lb))); tc=stats.t.ppf(0.975,df)
    p=min(1,2*min(stats.t.sf((d-up)/se,df), stats.t.cdf((d-down)/se,df)))
    return [repr(float(x)) for x in (np.expm1(d)*100, np.expm1(d-tc*se)*100, np.expm1(d+tc*se)*100, p)]
print("cell t1 pooled", cell(L[0],L[1],s2,df))
print("cell t2 pooled", cell(L[2],L[3],s2,df))
# unpooled cell t1
l=[L[0],L[1]]; ssc=sum(((x-x.mean())**2).sum() for x in l); print("cell t1 own", cell(L[0],L[1],ssc/4,4))
# headline
d=np.mean([L[1].mean()-L[0].mean(), L[3].mean()-L[2].mean()])
se=np.sqrt(s2*(2/3+2/3))/2
p=min(1,2*min(stats.t.sf((d-up)/se,df), stats.t.cdf((d-down)/se,df)))
print("headline", repr(float(np.expm1(d)*100)), repr(float(np.expm1(d-tc*se)*100)), repr(float(np.expm1(d+tc*se)*100)), repr(float(p)))
print("p95")
P=[np.log(g) for g in [[10.5,10.8,10.2],[9.0,9.3,9.1],[12.0,12.5,12.2],[12.1,12.4,12.3]]]
ss=sum(((l-l.mean())**2).sum() for l in P); s2p=ss/8
print("cell t1 p95", cell(P[0],P[1],s2p,8))
print("cell t2 p95", cell(P[2],P[3],s2p,8))
print("cv", repr(float(np.sqrt(np.expm1(s2)))))
